import { HeartHandshake, MapPin, Utensils } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, Redirect } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/auth-provider';
import { useReturnPath } from '@/features/auth/return-path';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMediaQuery } from '@/lib/use-phone-layout';

// A phone's row of shared items under the card; the desktop shows the hero panel instead.
const VisitorItemsStrip = lazy(() => import('@/features/items/components/visitor-items-strip'));

const BENEFITS = [
  {
    icon: MapPin,
    title: 'auth.page.benefits.nearbyTitle',
    text: 'auth.page.benefits.nearbyText',
  },
  {
    icon: HeartHandshake,
    title: 'auth.page.benefits.secondLifeTitle',
    text: 'auth.page.benefits.secondLifeText',
  },
  {
    icon: Utensils,
    title: 'auth.page.benefits.menuTitle',
    text: 'auth.page.benefits.menuText',
  },
] as const;

function HeroPanel() {
  const t = useT();
  return (
    <section
      aria-labelledby="auth-hero-heading"
      className="hidden flex-col justify-center rounded-3xl bg-gradient-to-br from-green-700 to-green-900 p-10 text-white shadow-lg lg:flex xl:p-12"
    >
      <h2 id="auth-hero-heading" className="text-4xl leading-tight font-bold tracking-tight text-balance">
        {t('auth.page.heroHeading')}
      </h2>
      <p className="mt-4 text-lg text-pretty text-green-50">{t('auth.page.tagline')}</p>
      <ul className="mt-10 grid gap-6">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-start gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/15">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold">{t(title)}</span>
              <span className="block text-green-50">{t(text)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AuthPage() {
  const t = useT();
  useDocumentTitle(t('auth.page.title'));
  const { user, isLoading } = useAuth();
  const returnPath = useReturnPath();
  const wide = useMediaQuery('(min-width: 1024px)');

  if (isLoading) return <PageSpinner label={t('auth.page.checkingSession')} />;
  // Back to where the visitor was (`?next=`, a page path of this site only), else /home.
  if (user) return <Redirect to={returnPath} replace />;

  return (
    <div className="grid items-stretch gap-10 lg:grid-cols-2 lg:gap-12 lg:py-6">
      <section aria-labelledby="auth-heading" className="mx-auto flex w-full max-w-md flex-col justify-center">
        <div className="mb-6">
          <h1 id="auth-heading" className="text-3xl font-bold tracking-tight text-balance">
            {t('auth.page.heading')}
          </h1>
          <p className="mt-2 text-pretty text-muted-foreground">{t('auth.page.intro')}</p>
        </div>

        <Card>
          <CardContent>
            <Tabs defaultValue="login">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">{t('auth.page.loginTab')}</TabsTrigger>
                <TabsTrigger value="register">{t('auth.page.registerTab')}</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register">
                <RegisterForm />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>

        {wide ? null : (
          <Suspense fallback={null}>
            <VisitorItemsStrip />
          </Suspense>
        )}

        <div className="mt-6 flex flex-col items-center gap-3">
          <p className="text-sm text-muted-foreground">{t('auth.page.justLooking')}</p>
          <Button asChild variant="outline" className="w-full">
            <Link href="/browse">{t('auth.page.browse')}</Link>
          </Button>
        </div>
      </section>

      <HeroPanel />
    </div>
  );
}
