import { useSearchParams } from 'react-router';
import { useMainMenu } from '@/features/catalog/api/get-main-menu';
import { CategoryChips, CategoryChipsSkeleton } from '@/features/catalog/components/CategoryChips';
import { FeaturedPromo } from '@/features/catalog/components/FeaturedBanner';
import { HOME_FEATURED_CATEGORY } from '@/features/catalog/featured';
import { ProductGrid } from '@/features/catalog/components/ProductGrid';
import { AddToBagProvider } from '../layout/AddToBagProvider';

function parseCategory(v: string | null): number | undefined {
  if (!v || !/^\d+$/.test(v)) return undefined;
  return Number(v);
}

/** Home: category chips and the product grid; the chosen category lives in the URL (?category=). */
export function HomeRoute() {
  const [params] = useSearchParams();
  const category = parseCategory(params.get('category'));
  const menu = useMainMenu();
  const categories = menu.data?.categories ?? [];
  const current = categories.find((c) => c.id === category);

  return (
    <div className="home">
      <title>Drape · Lingerie, nightwear and more</title>
      <section className="home__intro">
        <h1 className="home__title">{current ? current.name : 'Shop the collection'}</h1>
        <p className="home__sub">Comfort-first lingerie and everyday wear, delivered discreetly across India.</p>
      </section>
      <FeaturedPromo category={HOME_FEATURED_CATEGORY} />
      {menu.isPending ? (
        <CategoryChipsSkeleton />
      ) : categories.length > 0 ? (
        <CategoryChips categories={categories} selected={category} hrefFor={(c) => (c ? `/?category=${c.id}` : '/')} />
      ) : null}
      <AddToBagProvider>
        <ProductGrid filter={{ category }} title={current?.name} />
      </AddToBagProvider>
    </div>
  );
}
