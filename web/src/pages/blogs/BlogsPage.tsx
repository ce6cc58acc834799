/** `/blogs`: a heading only (spec). */
export default function BlogsPage() {
  return (
    <div className="container section">
      <h1>Blogs</h1>
    </div>
  );
}
