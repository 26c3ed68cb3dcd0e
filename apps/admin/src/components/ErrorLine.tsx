export function ErrorLine({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-[0.8125rem] text-down">
      {error}
    </p>
  );
}
