import { CircleQuestionMark } from 'lucide-react';
import { Link } from 'wouter';
import { NOT_FOUND_PAGE } from '../../shared/messages.js';
import { PageMessage } from '@/components/page-message';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <PageMessage
      icon={CircleQuestionMark}
      title={NOT_FOUND_PAGE.heading}
      actions={
        <Button asChild variant="outline">
          <Link href="/">Back to Home</Link>
        </Button>
      }
    >
      {NOT_FOUND_PAGE.text}
    </PageMessage>
  );
}
