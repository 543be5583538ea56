// The carousel recipe, added to the styling system when a module drawing the component loads (client/src/app/theme.ts, addSlotRecipes).
import { carouselSlotRecipe } from '@chakra-ui/react/theme';
import { addSlotRecipes } from '../../app/theme';

addSlotRecipes({ carousel: carouselSlotRecipe });
