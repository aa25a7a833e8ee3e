/** A list of things included (a plan's features, what Pro unlocks), each with a check mark. */
export function CheckList({ items, className = '' }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-1 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="text-green-600">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
