import { AdvertisedProperties } from './AdvertisedProperties';
import { Faq } from './Faq';
import { HeroCarousel } from './HeroCarousel';
import { HowItWorks } from './HowItWorks';
import { LatestReviews } from './LatestReviews';
import { Newsletter } from './Newsletter';
import { Statistics } from './Statistics';
import { WhyChoose } from './WhyChoose';

/** Spec section 2, Home page: the sections in their order. */
export default function HomePage() {
  return (
    <>
      <HeroCarousel />
      <AdvertisedProperties />
      <WhyChoose />
      <HowItWorks />
      <Statistics />
      <LatestReviews />
      <Newsletter />
      <Faq />
    </>
  );
}
