import type { User } from '@tempmail/sdk';
import { BlogListPage } from '../../features/blog/blog-list-page';
import { BlogPostPage } from '../../features/blog/blog-post-page';
import { ContactPage } from '../../features/contact/contact-page';
import { FaqPage } from '../../features/faq/faq-page';
import { HomePage } from '../../features/home/home-page';
import { DocumentPage } from '../../features/site/document-page';
import { ProCancelPage } from '../../features/upgrade/pro-cancel-page';
import { ProSuccessPage } from '../../features/upgrade/pro-success-page';
import { NotFoundPage } from '../not-found-page';
import { useSiteRoute } from './use-site-route';

/** The page the route table picks for the address bar's path. */
export function SitePage({ user, userLoading }: { user: User | undefined; userLoading: boolean }) {
  const route = useSiteRoute();
  switch (route.page) {
    case 'home':
      return <HomePage user={user} userLoading={userLoading} />;
    case 'faq':
      return <FaqPage />;
    case 'contact':
      return <ContactPage />;
    case 'blog':
      return <BlogListPage />;
    case 'blog-post':
      return <BlogPostPage key={route.slug} slug={route.slug!} />;
    case 'pro-success':
      return <ProSuccessPage />;
    case 'pro-cancel':
      return <ProCancelPage />;
    case 'not-found':
      return <NotFoundPage />;
    default:
      return <DocumentPage key={route.page} page={route.page} />;
  }
}
