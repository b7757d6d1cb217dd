import { Outlet } from 'react-router';

/** Centred single-card frame of the sign-in screens (login, password, e-mail link); the host page's header carries the brand. */
export function Component() {
  return (
    <div className="ta-guest">
      <div className="ta-guest__inner">
        <Outlet />
      </div>
    </div>
  );
}
