// Place autocomplete (issue 19) for the All Properties search box and the
// listing form: a text input with the ARIA 1.2 combobox pattern (a listbox of
// suggestions; Arrow keys move, Enter picks, Escape closes; the active option
// is announced through aria-activedescendant). Suggestions come from
// placeSuggestions (places with listed homes, trigram word similarity).
import { Box, Input, Text, type InputProps } from '@chakra-ui/react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { usePlaceSuggestionsQuery, type PlaceSuggestionsQuery } from './properties.generated';

export type PlaceSuggestion = PlaceSuggestionsQuery['placeSuggestions'][number];

const KIND_LABELS: Record<PlaceSuggestion['kind'], string> = { area: 'Area', city: 'City', district: 'Postcode district' };
const DEBOUNCE_MS = 200;
const MIN_LENGTH = 2;

/** "Gulshan, Dhaka" (an area or district in its city), "Dhaka". */
export const placeLabel = (place: Pick<PlaceSuggestion, 'name' | 'within'>) => (place.within ? `${place.name}, ${place.within}` : place.name);

interface PlaceComboboxProps extends Omit<InputProps, 'value' | 'onChange' | 'onSelect'> {
  value: string;
  onValueChange(text: string): void;
  onPick(place: PlaceSuggestion): void;
  /** Only these kinds are offered (all when omitted). */
  kinds?: ReadonlyArray<PlaceSuggestion['kind']>;
  /** The listbox's accessible name (e.g. "Places"). */
  listLabel?: string;
}

export function PlaceCombobox({ value, onValueChange, onPick, kinds, listLabel = 'Places', onKeyDown, onBlur, ...inputProps }: PlaceComboboxProps) {
  const listboxId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [text, setText] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setText(value.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  // Suggestions are asked for once the user types, not for the text a page opens with (a search in the URL).
  const [typed, setTyped] = useState(false);
  const { data } = usePlaceSuggestionsQuery({ variables: { text, first: 8 }, skip: !typed || text.length < MIN_LENGTH, fetchPolicy: 'cache-first' });
  const options = (text.length < MIN_LENGTH ? [] : (data?.placeSuggestions ?? [])).filter((place) => !kinds || kinds.includes(place.kind));
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const pick = (place: PlaceSuggestion) => {
    setOpen(false);
    setActive(-1);
    onPick(place);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const last = options.length - 1;
      setActive((current) => (event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
    onKeyDown?.(event);
  };

  return (
    <Box position="relative" width="full">
      <Input
        {...inputProps}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(active) : undefined}
        autoComplete="off"
        onChange={(event) => {
          setTyped(true);
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={keyDown}
        onBlur={(event) => {
          setOpen(false);
          onBlur?.(event);
        }}
      />
      <Box
        as="ul"
        id={listboxId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        position="absolute"
        zIndex="dropdown"
        top="100%"
        left="0"
        right="0"
        mt="1"
        py="1"
        bg="bg.panel"
        borderWidth="1px"
        rounded="md"
        shadow="md"
        listStyleType="none"
        data-testid="place-suggestions"
      >
        {options.map((place, index) => (
          <Box
            as="li"
            key={place.filter}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            px="3"
            py="2"
            cursor="pointer"
            bg={index === active ? 'colorPalette.subtle' : undefined}
            colorPalette="teal"
            _hover={{ bg: 'bg.muted' }}
            // Keeps the focus in the input, so the blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(place)}
          >
            <Text fontWeight="medium">{placeLabel(place)}</Text>
            <Text fontSize="xs" color="fg.muted">
              {KIND_LABELS[place.kind]} · {place.listedCount === 1 ? '1 home' : `${place.listedCount} homes`}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
