// The Chakra styling system: Chakra's default tokens and only the recipes of the
// components the app uses (the default system carries every component's recipe
// into the first download), with the brand shades darkened where white text
// sits on them, so that text meets WCAG 2.2 AA contrast (4.5:1).
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  carouselSlotRecipe,
  checkboxSlotRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

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
    semanticTokens: { ...semanticTokens, colors: semanticColors },
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
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      carousel: carouselSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
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
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
      },
    },
  },
});

/**
 * Builds the styling system (every token's CSS variable, the style utilities):
 * one of the longest pieces of start-up work, so main.tsx runs it as a task of
 * its own rather than as part of loading the modules.
 */
export const createAppSystem = () => createSystem(defaultBaseConfig, theme, brandShades);

