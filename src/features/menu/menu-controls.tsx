import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { css } from 'styled-system/css';
import {
  PRICE_FILTERS,
  selectCategory,
  selectPrice,
  selectSearchText,
  selectSort,
  SORT_OPTIONS,
  type MenuActor,
} from '../../../machines/menu.selectors';
import { categoryLabel } from '../../components/category-labels';
import { paths } from '../../lib/paths';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/form-field';
import { oneOf, PRICE_LABELS, SORT_LABELS } from './menu-filters';

export type { MenuActor };

/**
 * Search box, price filter and sort: each sends the machine one event per change. Before the
 * app's scripts run they are one GET form to /menu (ADR-0059), the tab in a hidden field and the
 * selects joined to it by `form`: Enter in the box sends them all and the server renders the
 * result; without scripts an Apply button sends a new price or sort. Once the app runs it
 * intercepts the form and the machine takes over.
 */
export function MenuControls({ menu }: { menu: MenuActor }) {
  const searchText = useSelector(menu, selectSearchText);
  const category = useSelector(menu, selectCategory);
  const price = useSelector(menu, selectPrice);
  const sort = useSelector(menu, selectSort);
  const formId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const priceSelect = useRef<HTMLSelectElement>(null);
  const sortSelect = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    // effect-send: once, at hydration. What the shopper typed or chose in the server's HTML
    // before the scripts ran is in the DOM only (React keeps it and fires no change for it): the
    // machine adopts it here, so that tap is not lost (issue 27). Mounted in the browser, the
    // controls hold the machine's values and nothing is sent.
    const snapshot = menu.getSnapshot();
    const typed = searchBox.current?.value;
    if (typed !== undefined && typed !== snapshot.context.searchText) {
      menu.send({ type: 'menu.typeSearch', text: typed });
    }
    const { price: shownPrice, sort: shownSort } = snapshot.context.filters;
    const chosenPrice = oneOf(PRICE_FILTERS, priceSelect.current?.value ?? null, shownPrice);
    if (chosenPrice !== shownPrice) menu.send({ type: 'menu.setPrice', price: chosenPrice });
    const chosenSort = oneOf(SORT_OPTIONS, sortSelect.current?.value ?? null, shownSort);
    if (chosenSort !== shownSort) menu.send({ type: 'menu.setSort', sort: chosenSort });
  }, [menu]);

  return (
    <div
      className={css({
        display: 'grid',
        gridTemplateColumns: {
          base: '1fr 1fr',
          md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)',
        },
        gap: { base: '3', md: '4' },
        alignItems: 'end',
      })}
    >
      <form
        id={formId}
        role="search"
        aria-label="Menu"
        action={paths.menu()}
        method="get"
        className={css({ gridColumn: { base: 'span 2', md: 'auto' } })}
        onSubmit={(event) => {
          event.preventDefault();
          menu.send({ type: 'menu.submitSearch' });
        }}
      >
        {/* The search runs in the open tab, so the form carries the tab. */}
        <input type="hidden" name="category" value={category} />
        <TextField
          ref={searchBox}
          // The search runs inside the open tab (spec §4: results are cached per category and
          // a tab change clears the search), so the box promises that tab, not the whole menu.
          label="Search this category"
          type="search"
          name="search"
          placeholder={`Search ${categoryLabel(category)}…`}
          autoComplete="off"
          maxLength={100}
          value={searchText}
          onChange={(event) => menu.send({ type: 'menu.typeSearch', text: event.target.value })}
        />
      </form>
      <SelectField
        ref={priceSelect}
        form={formId}
        label="Price"
        name="price"
        value={price}
        onChange={(event) =>
          menu.send({
            type: 'menu.setPrice',
            price: oneOf(PRICE_FILTERS, event.target.value, price),
          })
        }
      >
        {PRICE_FILTERS.map((value) => (
          <option key={value} value={value}>
            {PRICE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        ref={sortSelect}
        form={formId}
        label="Sort by"
        name="sort"
        value={sort}
        onChange={(event) =>
          menu.send({ type: 'menu.setSort', sort: oneOf(SORT_OPTIONS, event.target.value, sort) })
        }
      >
        {SORT_OPTIONS.map((value) => (
          <option key={value} value={value}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {/* Without scripts a select cannot send itself; with them it does on change, so the
          button is never laid out (no shift when the app takes over). */}
      <noscript>
        <Button type="submit" form={formId} visual="outline">
          Apply
        </Button>
      </noscript>
    </div>
  );
}
