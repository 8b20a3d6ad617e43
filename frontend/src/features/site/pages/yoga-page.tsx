import { ClassPage } from '../components/class-page';
import { disciplines } from '../data/disciplines';

export default function YogaPage() {
  return <ClassPage discipline={disciplines.yoga} />;
}
