// The fieldset recipe, added to the styling system when a module drawing the component loads (client/src/app/theme.ts, addSlotRecipes).
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme';
import { addSlotRecipes } from '../../app/theme';

addSlotRecipes({ fieldset: fieldsetSlotRecipe });
