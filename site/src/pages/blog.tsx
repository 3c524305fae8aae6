import { blogPage, blogPosts, type BlogPost } from '../content/blog';
import { formatDate } from '../lib/format';
import { PageHeader } from '../components/page-header';
import './blog.css';

function Post({ post }: { post: BlogPost }) {
  const [first, ...rest] = post.paragraphs;
  return (
    <article className="card blog-post" id={post.slug} aria-labelledby={`${post.slug}-titre`}>
      <p className="blog-meta">
        <span className="tag">{post.category}</span>
        <time dateTime={post.date}>{formatDate(post.date)}</time>
        <span>Lecture&nbsp;: {post.readingMinutes}&nbsp;min</span>
      </p>
      <h2 id={`${post.slug}-titre`}>{post.title}</h2>
      <p className="blog-summary">{post.summary}</p>
      {first ? <p>{first}</p> : null}
      {rest.length > 0 ? (
        <details className="blog-more">
          <summary>
            Lire la suite<span className="visually-hidden"> de l’article «&nbsp;{post.title}&nbsp;»</span>
          </summary>
          {rest.map((p) => <p key={p}>{p}</p>)}
        </details>
      ) : null}
    </article>
  );
}

/** The blog: every article in full, the first paragraph shown and the rest one click away. */
export default function BlogPage() {
  return (
    <>
      <PageHeader title={blogPage.title} lead={blogPage.lead} />
      <section className="section">
        <div className="container">
          <div className="blog-list">
            {blogPosts.map((p) => <Post key={p.slug} post={p} />)}
          </div>
        </div>
      </section>
    </>
  );
}
