export interface RowActionsProps {
  /** What the row is called, read out after the button's word ('Edit Kenya'). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  disabled?: boolean;
}

/** The Edit and Delete buttons at the end of a table row. */
export default function RowActions({ name, onEdit, onDelete, disabled = false }: RowActionsProps) {
  return (
    <div className="row-actions">
      <button type="button" className="btn btn--sm" onClick={onEdit} disabled={disabled}>
        Edit<span className="visually-hidden"> {name}</span>
      </button>
      <button type="button" className="btn btn--sm btn--danger-ghost" onClick={onDelete} disabled={disabled}>
        Delete<span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
