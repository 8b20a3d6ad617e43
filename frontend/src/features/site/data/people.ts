export interface Person {
  name: string;
  role: string;
  photo: string;
}

/**
 * SPEC §1: the four trainers of the home page, one per specialty. One cast: the first three are
 * the trainers staff assign in /turnos (db seeds' seedTrainers); /acercade shows all four.
 */
export const trainers: readonly Person[] = [
  { name: 'Martín Gómez', role: 'Entrenamiento de fuerza', photo: '/img/equipo/martin-gomez.svg' },
  { name: 'Carla Ruiz', role: 'Running', photo: '/img/equipo/carla-ruiz.svg' },
  { name: 'Diego Sosa', role: 'Entrenamiento funcional', photo: '/img/equipo/diego-sosa.svg' },
  { name: 'Valentina Ríos', role: 'Cardio', photo: '/img/equipo/valentina-rios.svg' },
];

/** SPEC §2 /acercade: the five people behind the gym, the founder and the trainers of the home. */
export const team: readonly Person[] = [
  { name: 'Carolina Medina', role: 'Fundadora y directora', photo: '/img/equipo/carolina-medina.svg' },
  ...trainers,
];
