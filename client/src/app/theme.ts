// The Chakra styling system: Chakra's default tokens and only the recipes of the
// components the app uses (the default system carries every component's recipe
// into the first download), with the brand shades darkened where white text
// sits on them, so that text meets WCAG 2.2 AA contrast (4.5:1).
// The recipes here are those the layout and most first screens draw; the recipes
// of components only some pages (or dialogs, menus, toasts) draw are added by
// those components' modules when they load (client/src/ui/recipes/, addSlotRecipes),
// so they are no part of every route's first load.
import { createSystem, defaultBaseConfig, defineConfig, type SlotRecipeConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The app has no dark mode: a semantic token keeps its light value alone, so
 * that start-up computes one CSS variable per token instead of three (the
 * value under :root, under the light condition and under the dark one).
 */
function lightOnly<T>(node: T): T {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const { _dark: _ignored, ...rest } = node as Record<string, unknown>;
  const value = rest.value as Record<string, unknown> | undefined;
  if (value && typeof value === 'object' && '_light' in value) return { ...rest, value: value._light } as T;
  return Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/** The palettes the app uses; the others (yellow, cyan, pink) would only be CSS variables to compute at start-up. */
const { yellow: _yellow, cyan: _cyan, pink: _pink, ...colors } = tokens.colors ?? {};
const { yellow: _yellowRoles, cyan: _cyanRoles, pink: _pinkRoles, ...semanticColors } = semanticTokens.colors ?? {};

/**
 * Solid buttons lighten on hover in Chakra's recipe (the fill at 90 % over white),
 * which takes white text on teal from 5.47:1 to 4.48:1; they darken instead.
 */
const solidHover = { bg: 'colorPalette.solid', filter: 'brightness(0.88)' };
const button = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
    variant: { ...buttonRecipe.variants?.variant, solid: { ...buttonRecipe.variants?.variant?.solid, _hover: solidHover, _expanded: solidHover } },
  },
};

const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors },
    semanticTokens: lightOnly({ ...semanticTokens, colors: semanticColors }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      table: tableSlotRecipe,
    },
  },
});

/**
 * Chakra's 600 shades are what solid buttons, badges and active links fill with
 * white text on: teal #0d9488 gave 3.74:1, green #16a34a 3.3:1, orange #ea580c
 * 3.56:1. The darker shades keep each hue and give 5.47:1, 5.02:1 and 5.18:1.
 * Error text (form messages) moves from red.500 (3.76:1 on white) to red.600 (4.83:1).
 */
const brandShades = defineConfig({
  theme: {
    tokens: {
      colors: {
        teal: { 600: { value: '#0f766e' } },
        green: { 600: { value: '#15803d' } },
        orange: { 600: { value: '#c2410c' } },
      },
    },
    semanticTokens: {
      colors: {
        fg: { error: { value: '{colors.red.600}' } },
      },
    },
  },
});

/**
 * Builds the styling system (every token's CSS variable, the style utilities):
 * one of the longest pieces of start-up work, so main.tsx runs it as a task of
 * its own rather than as part of loading the modules.
 */
export function createAppSystem(): SystemContext {
  const system = createSystem(defaultBaseConfig, theme, brandShades);
  systems.add(system);
  Object.assign(slotRecipesOf(system), addedSlotRecipes);
  return system;
}

/** The systems made so far (one per app start; the prerender and tests make more): each gets the recipes added later. */
const systems = new Set<SystemContext>();
const addedSlotRecipes: Record<string, SlotRecipeConfig> = {};

/** The system's own table of slot recipes: Chakra looks a recipe up there when a component first renders (system.getSlotRecipe). */
function slotRecipesOf(system: SystemContext): Record<string, SlotRecipeConfig> {
  const config = system._config.theme ?? (system._config.theme = {});
  return (config.slotRecipes ??= {}) as Record<string, SlotRecipeConfig>;
}

/**
 * Adds slot recipes to the app's styling system, from the module of a component
 * that uses them, when that module loads (client/src/ui/recipes/*.ts): the
 * component cannot render before its module has run, so it never renders without
 * its recipe (Chakra keeps the recipe it first found for a key). The check that
 * every such component's module imports its recipe is client/build/theme-recipes.test.ts.
 */
export function addSlotRecipes(recipes: Record<string, SlotRecipeConfig>): void {
  Object.assign(addedSlotRecipes, recipes);
  for (const system of systems) Object.assign(slotRecipesOf(system), recipes);
}

