import { Outlet } from 'react-router';

/** The centred single-card frame of the sign-in screens (the training app's, shared look). */
export function Component() {
  return (
    <div className="ta-guest">
      <div className="ta-guest__inner">
        <Outlet />
      </div>
    </div>
  );
}
