import { newsItems, newsPage, type NewsItem } from '../content/news';
import { formatDate } from '../lib/format';
import { PageHeader } from '../components/page-header';
import './blog.css';
import './news.css';

function Item({ item }: { item: NewsItem }) {
  return (
    <article className="news-item" id={item.slug} aria-labelledby={`${item.slug}-titre`}>
      <p className="blog-meta"><time dateTime={item.date}>{formatDate(item.date)}</time></p>
      <h2 id={`${item.slug}-titre`}>{item.title}</h2>
      {item.paragraphs.map((p) => <p key={p}>{p}</p>)}
    </article>
  );
}

/** The news of the broker and of the insurance market, newest first. */
export default function NewsPage() {
  return (
    <>
      <PageHeader title={newsPage.title} lead={newsPage.lead} />
      <section className="section">
        <div className="container">
          <div className="news-list">
            {newsItems.map((n) => <Item key={n.slug} item={n} />)}
          </div>
        </div>
      </section>
    </>
  );
}
