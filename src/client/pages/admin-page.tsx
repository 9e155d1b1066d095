// The administrators' side (sign-in, dashboard) arrives with the admin work (issue 5).
export default function AdminPage() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold text-navy-950">Administration</h1>
      <p className="mt-4 text-stone-700">The administration area is not available yet.</p>
    </main>
  );
}
