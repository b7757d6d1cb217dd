import { useParams } from 'react-router';

/** The numeric :id of the current address; anything else (text, 0, a fraction) names nothing. */
export function useIdParam(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}
