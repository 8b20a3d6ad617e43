import { TRAINERS } from '@gym/contracts/site';
import type { Client } from '@gym/contracts/clients';
import { centavos } from '@gym/contracts/money';
import type { Plan } from '@gym/contracts/plans';
import type { Shift } from '@gym/contracts/shifts';

/**
 * The three trainers shifts are shared among (also inserted by migration 0004_plans_clients_shifts): the first
 * three of the site's (contracts' TRAINERS). Demo clients never share a surname with the team.
 */
export const seedTrainers = [TRAINERS[0].name, TRAINERS[1].name, TRAINERS[2].name] as const;

/** Demo plans: the three classes the site offers. */
export const seedPlans: Omit<Plan, 'updatedAt'>[] = [
  {
    idPlan: 1,
    codigoPlan: 'plan-boxeo',
    nombrePlan: 'BOXEO',
    description: 'CLASES DE BOXEO CON ENTRENADOR, GUANTES INCLUIDOS',
    precio: 2500,
    cuotaMensualCentavos: centavos(250_000),
  },
  {
    idPlan: 2,
    codigoPlan: 'plan-yoga',
    nombrePlan: 'YOGA',
    description: 'YOGA EN GRUPOS REDUCIDOS, MAT INCLUIDO',
    precio: 2000,
    cuotaMensualCentavos: centavos(200_000),
  },
  {
    idPlan: 3,
    codigoPlan: 'plan-gimnasio',
    nombrePlan: 'GIMNASIO Y MUSCULACIÓN',
    description: 'USO LIBRE DE LA SALA DE MUSCULACIÓN Y MÁQUINAS AERÓBICAS',
    precio: 1500,
    cuotaMensualCentavos: centavos(150_000),
  },
];

type SeedClient = Omit<Client, 'updatedAt'>;
type Trainer = (typeof seedTrainers)[number];

const client = (
  idUsuario: string,
  nombre: string,
  edad: number,
  correo: string,
  celular: number,
  plan: number,
  turno: Shift,
  entrenador: Trainer,
): SeedClient => ({ idUsuario, nombre, edad, correo, celular, plan, turno, entrenador });

/** Demo clients spread over every plan, shift and trainer. */
export const seedClients: SeedClient[] = [
  client('demo-001', 'Lucía Fernández', 24, 'lucia.fernandez@correo.com', 3815123401, 1, 'Mañana', 'Martín Gómez'),
  client('demo-002', 'Juan Pérez', 31, 'juan.perez@correo.com', 3815123402, 2, 'Tarde', 'Carla Ruiz'),
  client('demo-003', 'Sofía Herrera', 19, 'sofia.herrera@correo.com', 3815123403, 3, 'Noche', 'Diego Sosa'),
  client('demo-004', 'Mateo Díaz', 42, 'mateo.diaz@correo.com', 3815123404, 1, 'Tarde', 'Diego Sosa'),
  client('demo-005', 'Valeria Quiroga', 27, 'valeria.quiroga@correo.com', 3815123405, 2, 'Mañana', 'Carla Ruiz'),
  client('demo-006', 'Tomás Romero', 35, 'tomas.romero@correo.com', 3815123406, 3, 'Mañana', 'Martín Gómez'),
  client('demo-007', 'Camila Torres', 22, 'camila.torres@correo.com', 3815123407, 1, 'Noche', 'Carla Ruiz'),
  client('demo-008', 'Benjamín Paz', 16, 'benja.paz@correo.com', 3815123408, 3, 'Tarde', 'Martín Gómez'),
  client('demo-009', 'Martina López', 58, 'martina.lopez@correo.com', 3815123409, 2, 'Noche', 'Diego Sosa'),
  client('demo-010', 'Nicolás Castro', 29, 'nico.castro@correo.com', 3815123410, 3, 'Noche', 'Carla Ruiz'),
  client('demo-011', 'Julieta Álvarez', 47, 'julieta.alvarez@correo.com', 3815123411, 2, 'Tarde', 'Martín Gómez'),
  client('demo-012', 'Agustín Vera', 38, 'agustin.vera@correo.com', 3815123412, 1, 'Mañana', 'Diego Sosa'),
];

/** Demo DNIs, for the door's lookup (/admin/ingreso): 30.123.401 for demo-001 and so on. */
export const seedDnis: Record<string, string> = Object.fromEntries(
  seedClients.map((c) => [c.idUsuario, String(30_123_400 + Number(c.idUsuario.slice(-3)))]),
);
