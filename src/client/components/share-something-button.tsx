import { CirclePlus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** The primary 'Share Something' call to action, leading to /post-item. */
export function ShareSomethingButton({ className }: { className?: string }) {
  return (
    <Button asChild className={className}>
      <Link href="/post-item">
        <CirclePlus aria-hidden="true" />
        Share Something
      </Link>
    </Button>
  );
}
