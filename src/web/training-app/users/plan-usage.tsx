import { Link } from 'react-router';
import type { PeopleUsage } from '../../../common/people.schema';
import { usageText } from './people-api';

/** The plan usage beside the list ("8 / 10名"), with the way to more seats once the cap is reached. */
export function PlanUsage({ usage, headingId }: { usage: PeopleUsage; headingId: string }) {
  const { registered, max } = usage;
  const full = max !== null && registered >= max;
  const ratio = max ? Math.min(1, registered / max) : 0;
  return (
    <section className={full ? 'card people-usage people-usage--full' : 'card people-usage'} aria-labelledby={headingId}>
      <h2 id={headingId} className="people-usage__title">
        登録人数
      </h2>
      <p className="people-usage__count" data-testid="people-usage">
        {usageText(registered, max)}
      </p>
      {max === null && <p className="people-usage__note">ご利用中のプランでは、登録人数に上限はありません。</p>}
      {max !== null && (
        <>
          <div className="people-usage__bar" aria-hidden="true">
            <span style={{ inlineSize: `${ratio * 100}%` }} />
          </div>
          {full ? (
            <p className="people-usage__note">
              ご利用中のプランの上限に達しました。さらに登録するには
              <Link to="/account/upgrade">有料プランへのアップグレード</Link>
              をご検討ください。
            </p>
          ) : (
            <p className="people-usage__note">あと{max - registered}名登録できます。</p>
          )}
        </>
      )}
    </section>
  );
}
