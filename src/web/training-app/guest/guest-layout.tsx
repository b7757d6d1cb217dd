import { Outlet } from 'react-router';

/** Centred single-card frame of the sign-in screens (login, password, e-mail link). */
export function Component() {
  return (
    <div className="ta-guest">
      <div className="ta-guest__inner">
        <p className="ta-guest__brand">
          <span className="ta-guest__mark" aria-hidden="true">
            気
          </span>
          <span>
            キヅキ<span className="ta-guest__brand-sub">法人向けフィッシング訓練</span>
          </span>
        </p>
        <Outlet />
      </div>
    </div>
  );
}
