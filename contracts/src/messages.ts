/** Every Spanish text a person reads that both sides need. Written once, here. */
export const registrationMessages = {
  passwordsMustMatch: 'Las contraseñas deben coincidir',
  passwordsDoNotMatchHint: 'Las contraseñas no coinciden',
  required: 'Los campos son obligatorios',
  invalidEmail: 'Debes escribir un email valido',
  invalidName: 'El nombre no debe contener numeros o caracteres especiales',
  invalidLastname: 'El apellido no debe contener numeros o caracteres especiales',
  weakPassword:
    'La contraseña debe tener por lo menos un caracter en mayuscula, uno en minuscula, y 8 caracteres minimos',
  nameRequiredHint: 'El campo nombre es requerido',
  emailTaken: 'Ya existe una cuenta registrada con ese email',
  success: { title: 'Registrado', text: 'Registro exitoso' },
  failure: { title: 'Error', text: 'hay algun error en tu registro' },
} as const;

export const loginMessages = {
  invalidCredentials: 'Usuario o contraseña incorrectos',
  failureTitle: 'Error',
  /** Under the spec's text: a disabled account is refused with the same words as a wrong password. */
  disabledHint: 'Si tu cuenta fue desactivada, pedíselo al dueño del gimnasio.',
  required: 'Ingresá tu email y tu contraseña',
  tooManyAttempts: 'Demasiados intentos fallidos. Esperá unos minutos y volvé a intentar.',
} as const;

export const staffCodeMessages = {
  wrong: 'Codigo incorrecto',
  right: 'Codigo correcto',
  tooManyAttempts: 'Demasiados intentos. Esperá unos minutos y volvé a intentar.',
} as const;

export const productMessages = {
  nombreRequired: 'El nombre es obligatorio',
  nombreMax: 'El nombre no puede tener más de 30 caracteres',
  precioRequired: 'El precio es obligatorio',
  precioMin: 'El precio debe ser de al menos 1',
  precioNumber: 'El precio debe ser un número',
  precioCentavos: 'El precio puede tener hasta dos decimales (los centavos)',
  descripcionRequired: 'La descripción es obligatoria',
  imagenRequired: 'La imagen es obligatoria',
  stockRequired: 'El stock es obligatorio',
  stockMin: 'El stock no puede ser menor a 0',
  stockInteger: 'El stock debe ser un número entero',
  portadaRequired: 'Indicá si el producto va en portada',
  categoriaRequired: 'Elegí al menos una categoría',
  categoriaInvalid: 'Categoría no válida',
  talleInvalid: 'Talle no válido',
  colorInvalid: 'Color no válido',
  variantesInvalid: 'Cada variante debe ser un talle y un color que el producto vende',
  notFound: 'El producto no existe',
  addConfirm: 'Esta seguro que quiere agregar un producto',
  saved: 'Guardado!',
  notAdded: 'El pruducto no fue agregado',
  changesNotSaved: 'Los cambios no se guardaron!',
  deleted: 'Producto borrado!',
  addedToCart: 'Producto agregado al carrito',
  outOfStock: 'Sin stock',
  lowStock: 'stock bajo',
} as const;

export const httpMessages = {
  invalidData: 'Los datos enviados no son válidos',
  malformedJson: 'El cuerpo de la solicitud no es un JSON válido',
  payloadTooLarge: 'La solicitud es demasiado grande',
  notFound: 'No encontramos lo que buscás',
  unauthorized: 'Tenés que iniciar sesión para continuar',
  sessionExpired: 'Tu sesión expiró. Iniciá sesión de nuevo.',
  forbiddenOrigin: 'Solicitud rechazada: origen no permitido',
  databaseDown: 'El servicio no está disponible en este momento. Probá de nuevo en unos minutos.',
  internal: 'Ocurrió un error inesperado. Probá de nuevo más tarde.',
} as const;

export const cartMessages = {
  empty: 'El carrito está vacío',
} as const;

export const concurrencyMessages = {
  staleProduct: 'Otra persona modificó este producto mientras lo editabas. Recargá para ver los cambios.',
} as const;
