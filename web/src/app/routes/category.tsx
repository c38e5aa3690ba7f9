import { Link, useParams } from 'react-router';
import { findCategory, useMainMenu } from '@/features/catalog/api/get-main-menu';
import { CategoryChips, CategoryChipsSkeleton } from '@/features/catalog/components/CategoryChips';
import { ProductGrid } from '@/features/catalog/components/ProductGrid';
import { NotFound } from '@/shared/components/NotFound';
import { AddToBagProvider } from '../layout/AddToBagProvider';

/** /category/{slug}: the category's products (sub-categories included). Filters come later. */
export function CategoryRoute() {
  const { slug = '' } = useParams();
  const menu = useMainMenu();

  if (menu.isPending) return <CategoryChipsSkeleton />;
  const category = menu.data ? findCategory(menu.data.categories, (c) => c.slug === slug) : undefined;
  if (!category) return <NotFound title="Category not found" text="This category does not exist any more." />;

  return (
    <div className="home">
      <title>{`${category.name} · Drape`}</title>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/">Home</Link>
        <span aria-hidden="true">/</span>
        <span>{category.name}</span>
      </nav>
      <section className="home__intro">
        <h1 className="home__title">{category.name}</h1>
      </section>
      {category.children?.length ? (
        <CategoryChips
          categories={category.children}
          selected={undefined}
          hrefFor={(c) => (c ? `/category/${c.slug}` : `/category/${category.slug}`)}
        />
      ) : null}
      <AddToBagProvider>
        <ProductGrid filter={{ category: category.id }} title={category.name} />
      </AddToBagProvider>
    </div>
  );
}
