import { loadConfigOrExit } from '../src/server/config';
import { createOperatorFromCli } from '../src/server/features/operators/operator-create-cli';

// `npm run operator:create -- --email ops@example.com` (see operator-create-cli.ts).
const code = await createOperatorFromCli(process.argv.slice(2), loadConfigOrExit(), (line) => console.log(line)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
process.exit(code);
