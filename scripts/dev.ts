import { spawn } from 'node:child_process';

/** Rebuilds the web assets on change and restarts the server on change, side by side. */
const children = [
  spawn('npx', ['vite', 'build', '--watch', '--mode', 'development'], { stdio: 'inherit' }),
  spawn('node', ['--import', 'tsx', '--watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => (code ? process.exit(code) : undefined));
