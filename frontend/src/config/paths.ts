/** The id of the membership section's *Registrar pago* heading: the door's red card links to it. */
export const PAYMENT_FORM_ID = 'registrar-pago';

/** Every URL of the site, in one place (SPEC §2). */
export const paths = {
  home: '/',
  boxeo: '/boxeo',
  yoga: '/yoga',
  libre: '/libre',
  about: '/acercade',
  faq: '/preguntasfrecuentes',
  error: '/error',
  shopHome: '/ecommercehome',
  category: (categoria: string) => `/ecommerce-categoria/${categoria}`,
  product: (id: string) => `/ecommerce-producto/${id}`,
  checkout: '/checkout',
  order: (numero: string, token: string) => `/pedido/${numero}?t=${encodeURIComponent(token)}`,
  admin: {
    panel: '/admin',
    products: '/admin/productos',
    staff: '/admin/users',
    clients: '/clientes',
    clientList: '/listadeusuarios',
    archivedClients: '/clientes/archivados',
    viewClient: (id: string) => `/clientes/ver/${id}`,
    addClient: '/agregarusuario',
    editClient: (id: string) => `/editarusuario/${id}`,
    /** The client's page at its *Registrar pago* form (the id of that section's heading). */
    registerPayment: (id: string) => `/editarusuario/${id}#${PAYMENT_FORM_ID}`,
    chat: '/chat',
    chatWith: (id: string) => `/chatparticular/${id}`,
    shifts: '/turnos',
    plans: '/planes',
    addPlan: '/agregarplan',
    editPlan: (codigo: string) => `/editarplan/${codigo}`,
    audit: '/admin/auditoria',
    account: '/admin/cuenta',
    orders: '/admin/pedidos',
    order: (numero: string) => `/admin/pedidos/${numero}`,
    memberships: (estado = 'por-vencer') => `/membresias?estado=${estado}`,
    reminderTemplates: '/membresias/plantillas',
  },
} as const;
