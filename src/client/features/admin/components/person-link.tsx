import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/** The admins' page of a person: every admin table that names someone links there. */
export const adminPersonPath = (username: string) => `/admin/users/${encodeURIComponent(username)}`;

export function PersonLink({ username, className }: { username: string; className?: string }) {
  return (
    <Link href={adminPersonPath(username)} className={cn('font-medium text-link underline underline-offset-4', className)}>
      {username}
    </Link>
  );
}
