// The nativeSelect recipe, added to the styling system when a module drawing the component loads (client/src/app/theme.ts, addSlotRecipes).
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { addSlotRecipes } from '../../app/theme';

addSlotRecipes({ nativeSelect: nativeSelectSlotRecipe });
