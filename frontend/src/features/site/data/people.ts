export interface Person {
  name: string;
  role: string;
  photo: string;
}

/** SPEC §1: the four trainers of the home page, one per specialty. */
export const trainers: readonly Person[] = [
  { name: 'Martín Gómez', role: 'Entrenamiento de fuerza', photo: '/img/equipo/martin-gomez.svg' },
  { name: 'Lucía Fernández', role: 'Running', photo: '/img/equipo/lucia-fernandez.svg' },
  { name: 'Diego Juárez', role: 'Entrenamiento funcional', photo: '/img/equipo/diego-juarez.svg' },
  { name: 'Valentina Ríos', role: 'Cardio', photo: '/img/equipo/valentina-rios.svg' },
];

/** SPEC §2 /acercade: the five people behind the gym. */
export const team: readonly Person[] = [
  { name: 'Carolina Medina', role: 'Fundadora y directora', photo: '/img/equipo/carolina-medina.svg' },
  { name: 'Javier Ruiz', role: 'Profesor de boxeo', photo: '/img/equipo/javier-ruiz.svg' },
  { name: 'Sofía Herrera', role: 'Instructora de yoga', photo: '/img/equipo/sofia-herrera.svg' },
  { name: 'Nicolás Acosta', role: 'Coordinador de sala', photo: '/img/equipo/nicolas-acosta.svg' },
  { name: 'Florencia Ibáñez', role: 'Atención al socio', photo: '/img/equipo/florencia-ibanez.svg' },
];
