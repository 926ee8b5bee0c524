/** Props every page receives from its route: the route path (its data-page) and its title. */
export interface PageProps {
  path: string
  title: string
}
