import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { css } from 'styled-system/css';
import { PRICE_FILTERS, SORT_OPTIONS, type menuMachine } from '../../../machines/menu.machine';
import { categoryLabel } from '../../components/category-labels';
import { SelectField, TextField } from '../../ui/form-field';
import { oneOf, PRICE_LABELS, SORT_LABELS } from './menu-filters';

export type MenuActor = ActorRefFrom<typeof menuMachine>;

/** Search box, price filter and sort: each sends the machine one event per change. */
export function MenuControls({ menu }: { menu: MenuActor }) {
  const searchText = useSelector(menu, (snapshot) => snapshot.context.searchText);
  const category = useSelector(menu, (snapshot) => snapshot.context.filters.category);
  const price = useSelector(menu, (snapshot) => snapshot.context.filters.price);
  const sort = useSelector(menu, (snapshot) => snapshot.context.filters.sort);

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
        role="search"
        aria-label="Menu"
        className={css({ gridColumn: { base: 'span 2', md: 'auto' } })}
        onSubmit={(event) => {
          event.preventDefault();
          menu.send({ type: 'menu.submitSearch' });
        }}
      >
        <TextField
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
    </div>
  );
}
