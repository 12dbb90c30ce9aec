import { List, LocateFixed, Map as MapIcon, MapPin, MapPinned, SlidersHorizontal, Tag, X } from 'lucide-react';
import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ListedItem } from '#shared/items.js';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { LIST_RADIUS_CHOICES_KM } from '#shared/constants.js';
import { radiusMessage } from '#shared/item-format.js';
import { useDistanceUnit } from '@/lib/distance-unit';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import * as itemPolicy from '#shared/policies/items.js';
import type { Viewer } from '../lib/item-rules';
import type { ListSort, RadiusKm } from '../lib/list-url';
import type { ItemListState } from '../use-item-list-state';
import { ItemCard } from './item-card';
import { Pager } from './pager';
import { translate, useT } from '@/lib/i18n';

// The dialog (Radix) loads with the first trash click: visitors never need it.
const DeleteItemDialog = lazy(async () => ({ default: (await import('./delete-item-dialog')).DeleteItemDialog }));
// Alert me's dialog and its texts load with the first press too (the /browse budget).
const AlertMe = lazy(() => import('./alert-me-dialog'));
// All / Offers / Wants and the tag group chips come just after the first paint (the /browse budget);
// their rows keep their height meanwhile.
const ListFilters = lazy(() => import('./list-filters'));
// Browse's Map view: Leaflet and the map load only when it is asked for (docs/decisions/021).
const ItemsMap = lazy(() => import('./items-map'));
// A phone's Filters sheet (Radix Dialog) loads with the first press of Filters.
const FiltersSheet = lazy(() => import('./filters-sheet'));

type ItemListViewProps = {
  state: ItemListState;
  /** The signed-in user: owners and admins get a delete button on cards. */
  viewer: Viewer;
  /** The designed empty state; gets the search text the (empty) results were asked for. */
  renderEmpty: (search: string) => ReactNode;
  /** Shown while there is nothing yet (Browse: a spinner in place of the grid). */
  loading?: ReactNode;
  /** Browse: the List | Map toggle and choosing a place on the map. */
  withMap?: boolean;
};

/** The list's order: nearest first (with a place), newest first, best match first (while searching). */
function SortSelect({ id, state }: { id: string; state: ItemListState }) {
  const t = useT();
  return (
    <NativeSelect
      id={id}
      className="sm:w-auto"
      value={state.sort ?? (state.location ? 'nearest' : 'newest')}
      onChange={(event) => state.setSort(event.target.value as ListSort)}
    >
      {state.location ? <option value="nearest">{t('core.browse.sortNearest')}</option> : null}
      <option value="newest">{t('core.browse.sortNewest')}</option>
      {state.debouncedSearch ? <option value="relevance">{t('core.browse.sortRelevance')}</option> : null}
    </NativeSelect>
  );
}

/** Search box, location filter, Alert me, the grid of cards, pager and the list's states (Home and Browse). */
export function ItemListView({ state, viewer, renderEmpty, loading, withMap = false }: ItemListViewProps) {
  const t = useT();
  const unit = useDistanceUnit();
  const searchId = useId();
  const radiusId = useId();
  const sortId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const [deleteTarget, setDeleteTarget] = useState<ListedItem | null>(null);
  const deleteTriggerRef = useRef<HTMLButtonElement | null>(null);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const [alertOpen, setAlertOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sheetLoaded, setSheetLoaded] = useState(false);
  const filtersButtonRef = useRef<HTMLButtonElement>(null);
  const phone = usePhoneLayout();
  const controlsRef = useRef<HTMLDivElement>(null);
  const [controlsHeight, setControlsHeight] = useState(0);
  const { list } = state;
  const onMap = withMap && state.view === 'map';

  useEffect(() => {
    if (list.error) {
      toast({ variant: 'destructive', title: translate('core.browse.fetchFailed'), description: getErrorMessage(list.error) });
    }
  }, [list.error]);

  const onPageChange = (page: number) => {
    state.goToPage(page);
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const onDelete = (item: ListedItem, trigger: HTMLButtonElement) => {
    setDialogLoaded(true);
    deleteTriggerRef.current = trigger;
    setDeleteTarget(item);
  };

  // A phone's Map view fills the screen under the controls: they go to the top (under the header),
  // and the map takes the height that is left (docs/product.md, List and Map).
  const phoneMap = phone && onMap;
  useEffect(() => {
    const controls = controlsRef.current;
    if (!phoneMap || !controls) return;
    const measure = () => setControlsHeight(controls.offsetHeight);
    measure();
    controls.scrollIntoView({ block: 'start' });
    const observer = new ResizeObserver(measure);
    observer.observe(controls);
    return () => observer.disconnect();
  }, [phoneMap]);

  const data = list.data;
  const refreshing = list.isFetching && !list.isPending;

  let results: ReactNode;
  if (onMap) {
    results = (
      <Suspense
        fallback={
          <div className="flex h-[var(--phone-map-height,65vh)] min-h-80 items-center justify-center sm:h-[36rem]">
            <Spinner label={t('core.browse.loadingItems')} className="size-8 text-primary" />
          </div>
        }
      >
        <ItemsMap state={state} picking={picking} onPickingChange={setPicking} />
      </Suspense>
    );
  } else if (list.isPending) {
    results = loading ?? (
      <div className="flex justify-center py-16">
        <Spinner label={t('core.browse.loadingItems')} className="size-8 text-primary" />
      </div>
    );
  } else if (!data) {
    results = (
      <LoadError title={t('core.browse.fetchFailed')} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  } else if (data.items.length === 0) {
    results = <div aria-live="polite">{renderEmpty(state.debouncedSearch)}</div>;
  } else {
    const { pagination } = data;
    results = (
      <div className="grid gap-8">
        {/* The previous results stay at full strength while new ones load (a dimmed list fails
            contrast for low-vision readers); aria-busy and the search box's spinner say it is loading. */}
        {data.similar && (
          <p className="text-sm font-medium text-muted-foreground" role="status">
            {t('core.browse.similar', { search: state.debouncedSearch })}
          </p>
        )}
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={list.isPlaceholderData || undefined}>
          {data.items.map((item, index) => (
            <li key={item.id}>
              <ItemCard
                item={item}
                priority={index < 3}
                listUrl={state.listUrl}
                onDelete={itemPolicy.manage(viewer ?? null, item) ? onDelete : undefined}
              />
            </li>
          ))}
        </ul>
        <div className="grid gap-4">
          <Pager
            currentPage={pagination.currentPage}
            totalPages={pagination.totalPages}
            hasPrevPage={pagination.hasPrevPage}
            hasNextPage={pagination.hasNextPage}
            onPageChange={onPageChange}
          />
          <p className="text-center text-sm text-muted-foreground" aria-live="polite">
            {t(pagination.totalIsEstimate ? 'core.browse.showingAbout' : 'core.browse.showing', {
              shown: data.items.length,
              total: pagination.total,
            })}
          </p>
        </div>
      </div>
    );
  }

  // Controls shared by both layouts (a phone keeps the rarer ones in the Filters sheet).
  const locationButtons = (
    <>
      <Button variant="outline" onClick={state.requestLocation} disabled={state.locating} aria-busy={state.locating} className="sm:w-auto">
        {state.locating ? <Spinner /> : <LocateFixed aria-hidden="true" />}
        {state.locating ? t('core.browse.gettingLocation') : t('core.browse.useMyLocation')}
      </Button>
      {withMap ? (
        // A place by clicking the map; "Use my location" beside it is the way without a map.
        <Button
          variant="outline"
          aria-pressed={picking}
          onClick={() => {
            setFiltersOpen(false);
            setPicking(true);
            if (state.view !== 'map') state.setView('map');
          }}
          className="sm:w-auto"
        >
          <MapPinned aria-hidden="true" />
          {t('core.browse.chooseOnMap')}
        </Button>
      ) : null}
    </>
  );
  // Saves the search as an alert (docs/product.md, Saved alerts); signed out, to the login page.
  const alertButton = (
    <Button
      variant="outline"
      onClick={() => {
        setFiltersOpen(false);
        setAlertOpen(true);
      }}
    >
      {t('core.browse.alertMe')}
    </Button>
  );
  const viewToggle = withMap ? (
    <div role="group" aria-label={t('core.browse.viewLabel')} className="flex gap-2">
      <Button
        variant={onMap ? 'outline' : 'default'}
        aria-pressed={!onMap}
        onClick={() => {
          setPicking(false);
          state.setView('list');
        }}
        className="max-sm:px-3"
      >
        <List aria-hidden="true" />
        {t('core.browse.viewList')}
      </Button>
      <Button variant={onMap ? 'default' : 'outline'} aria-pressed={onMap} onClick={() => state.setView('map')} className="max-sm:px-3">
        <MapIcon aria-hidden="true" />
        {t('core.browse.viewMap')}
      </Button>
    </div>
  ) : null;
  const typeAndTags = (
    <Suspense fallback={<div className="h-[5.75rem]" />}>
      <ListFilters type={state.type} onType={state.setType} tag={state.tag} onTag={state.toggleTag} />
    </Suspense>
  );
  const tagChip =
    state.tag && state.tag !== state.debouncedSearch ? (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 font-medium">
          <Tag className="size-4 shrink-0" aria-hidden="true" />
          {t('core.browse.tagFilter', { tag: state.tag })}
        </span>
        <Button variant="ghost" size="icon" onClick={state.clearTag} aria-label={t('core.browse.removeTag', { tag: state.tag })}>
          <X aria-hidden="true" />
        </Button>
      </p>
    ) : null;
  const sortWithoutPlace =
    !state.location && state.debouncedSearch ? (
      // Searching without a place: newest first (the default) or best match first.
      <div className="flex items-center gap-3">
        <label htmlFor={sortId} className="text-sm font-medium">
          {t('core.browse.sortLabel')}
        </label>
        <SortSelect id={sortId} state={state} />
      </div>
    ) : null;
  const placeControls = state.location ? (
    <div className="grid gap-3 rounded-lg bg-primary-soft px-3 py-2 text-primary-soft-foreground">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="inline-flex items-center gap-2 text-sm font-medium">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          {t('core.browse.nearest')}
        </p>
        <Button variant="ghost" onClick={state.clearLocation} className="-mr-2 text-primary-soft-foreground hover:bg-card/60">
          <X aria-hidden="true" />
          {t('core.browse.clearLocation')}
        </Button>
      </div>
      {/* Phones: a label beside each select; wider screens: the label above. */}
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 sm:flex sm:flex-wrap sm:items-end sm:gap-3">
        <div className="contents sm:grid sm:gap-1">
          <label htmlFor={radiusId} className="text-sm font-medium">
            {t('core.browse.distanceLabel')}
          </label>
          <NativeSelect
            id={radiusId}
            className="sm:w-auto"
            value={state.radiusKm ?? ''}
            onChange={(event) => state.setRadius(event.target.value ? (Number(event.target.value) as RadiusKm) : null)}
          >
            <option value="">{t('core.browse.anyDistance')}</option>
            {LIST_RADIUS_CHOICES_KM.map((km) => (
              <option key={km} value={km}>
                {t(radiusMessage(km, unit))}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="contents sm:grid sm:gap-1">
          <label htmlFor={sortId} className="text-sm font-medium">
            {t('core.browse.sortLabel')}
          </label>
          <SortSelect id={sortId} state={state} />
        </div>
        {state.placeRemembered ? (
          <Button
            variant="ghost"
            onClick={state.forgetPlace}
            className="col-span-2 justify-self-start text-primary-soft-foreground hover:bg-card/60"
          >
            {t('core.browse.forgetPlace')}
          </Button>
        ) : null}
      </div>
    </div>
  ) : state.placeRemembered ? (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
      {t('core.browse.placeSaved')}
      <Button variant="link" onClick={state.forgetPlace} className="h-auto min-h-11 px-0">
        {t('core.browse.forgetPlace')}
      </Button>
    </p>
  ) : null;
  const searchForm = (
    <form
      role="search"
      className="flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        state.applySearchNow();
      }}
    >
      <SearchInput
        id={searchId}
        hiddenLabel={t('core.browse.searchLabel')}
        value={state.search}
        onChange={(event) => state.setSearch(event.target.value)}
        placeholder={t('core.browse.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        busy={refreshing}
        busyLabel={t('core.browse.updating')}
      />
    </form>
  );
  const activeFilters = [state.location, state.radiusKm, state.sort, state.type, state.tag].filter(Boolean).length;

  const controls = phone ? (
    // A phone: the search box, then Filters and List | Map in one row; the results come right under them.
    <div ref={controlsRef} className="grid scroll-mt-20 gap-2">
      {searchForm}
      <div className="flex flex-wrap gap-2">
        <Button
          ref={filtersButtonRef}
          variant="outline"
          aria-haspopup="dialog"
          onClick={() => {
            setSheetLoaded(true);
            setFiltersOpen(true);
          }}
          className="flex-1 px-3"
        >
          <SlidersHorizontal aria-hidden="true" />
          {activeFilters > 0 ? t('core.browse.filtersCount', { count: activeFilters }) : t('core.browse.filters')}
        </Button>
        {viewToggle}
      </div>
      {tagChip}
    </div>
  ) : (
    <div className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="flex-1">{searchForm}</div>
        {locationButtons}
        {alertButton}
      </div>
      {viewToggle}
      {typeAndTags}
      {tagChip}
      {sortWithoutPlace}
      {placeControls}
    </div>
  );

  return (
    <div className="grid gap-4 sm:gap-6">
      <a
        href="#results"
        onClick={(event) => {
          event.preventDefault();
          resultsRef.current?.focus();
        }}
        className="sr-only rounded-lg bg-primary font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:px-4 focus:py-3"
      >
        {t('core.browse.skipToResults')}
      </a>
      {controls}

      <section
        ref={resultsRef}
        id="results"
        tabIndex={-1}
        aria-label={t('core.browse.results')}
        aria-busy={!onMap && list.isFetching}
        className="scroll-mt-20 outline-none"
        style={phoneMap ? ({ '--phone-map-height': `calc(100dvh - 6.5rem - ${controlsHeight}px)` } as CSSProperties) : undefined}
      >
        {results}
      </section>

      <Suspense fallback={null}>
        {dialogLoaded ? (
          <DeleteItemDialog item={deleteTarget} returnFocusRef={deleteTriggerRef} onClose={() => setDeleteTarget(null)} />
        ) : null}
        {alertOpen && <AlertMe state={state} viewer={viewer} onClose={() => setAlertOpen(false)} />}
        {phone && sheetLoaded ? (
          <FiltersSheet open={filtersOpen} onOpenChange={setFiltersOpen} returnFocusRef={filtersButtonRef}>
            <div className="grid gap-3">{locationButtons}</div>
            {sortWithoutPlace}
            {placeControls}
            {typeAndTags}
            {alertButton}
          </FiltersSheet>
        ) : null}
      </Suspense>
    </div>
  );
}
