import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { operatorScreenText as t } from '../../../common/operator-messages';

/** A search kept in the URL (`q`); a new search starts again from the first page. */
export function SearchBox({ label, placeholder }: { label: string; placeholder?: string }) {
  const [params, setParams] = useSearchParams();
  const current = params.get('q') ?? '';
  const { register, handleSubmit } = useForm<{ q: string }>({ values: { q: current } });
  const onSubmit = ({ q }: { q: string }) => {
    const next = new URLSearchParams(params);
    const text = q.trim();
    if (text) next.set('q', text);
    else next.delete('q');
    next.delete('page');
    setParams(next);
  };
  return (
    <form role="search" className="op-search" onSubmit={handleSubmit(onSubmit)}>
      <label className="list-toolbar__label" htmlFor="op-search-input">
        {label}
      </label>
      <div className="search-row">
        <input id="op-search-input" {...register('q')} type="search" className="input" placeholder={placeholder} maxLength={200} />
        <button type="submit" className="button button--secondary">
          {t.searchButton}
        </button>
      </div>
    </form>
  );
}
