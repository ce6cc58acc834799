/** `/blogs`: a heading only (spec), and a line saying so. */
export default function BlogsPage() {
  return (
    <div className="container section">
      <h1>Blogs</h1>
      <p>No posts yet. Please check back soon.</p>
    </div>
  );
}
