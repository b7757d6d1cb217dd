import { Link } from 'react-router';
import type { TemplateSummary } from '../../../common/templates.schema';
import { categoryLabel, difficultyLabel, difficultyStars } from './template-labels';

export function SourceBadge({ builtin }: { builtin: boolean }) {
  return builtin ? <span className="tpl-badge tpl-badge--builtin">標準</span> : <span className="tpl-badge tpl-badge--own">自社</span>;
}

export function DifficultyBadge({ level }: { level: number }) {
  return (
    <span className={`tpl-difficulty tpl-difficulty--${level}`}>
      <span className="tpl-stars" aria-hidden="true">
        {difficultyStars(level)}
      </span>
      <span>{difficultyLabel(level)}</span>
    </span>
  );
}

/** One template in the library: what it imitates, how hard it is, and how it reads in the inbox. */
export function TemplateCard({ template }: { template: TemplateSummary }) {
  return (
    <li className="tpl-card card">
      <div className="tpl-card__meta">
        <span className="tpl-card__category">{categoryLabel(template.category)}</span>
        <SourceBadge builtin={template.is_builtin} />
      </div>
      <h2 className="tpl-card__title">
        <Link to={`/templates/${template.template_id}`} className="tpl-card__link">
          {template.name}
        </Link>
      </h2>
      <dl className="tpl-card__mail">
        <div>
          <dt>差出人</dt>
          <dd>{template.sender_name}</dd>
        </div>
        <div>
          <dt>件名</dt>
          <dd>{template.subject}</dd>
        </div>
      </dl>
      <div className="tpl-card__footer">
        <DifficultyBadge level={template.difficulty} />
        <span className="tpl-card__flags">見分けるポイント {template.red_flags.length}件</span>
      </div>
    </li>
  );
}
