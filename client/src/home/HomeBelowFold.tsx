// The home page sections under the first screenful (spec order after the hero and
// the advertised properties): their own chunk, so the first render of the page
// carries less (the newsletter form alone brings Formik and Yup).
import { Faq } from './Faq';
import { HowItWorks } from './HowItWorks';
import { LatestReviews } from './LatestReviews';
import { Newsletter } from './Newsletter';
import { Statistics } from './Statistics';
import { WhyChoose } from './WhyChoose';

export default function HomeBelowFold() {
  return (
    <>
      <WhyChoose />
      <HowItWorks />
      <Statistics />
      <LatestReviews />
      <Newsletter />
      <Faq />
    </>
  );
}
