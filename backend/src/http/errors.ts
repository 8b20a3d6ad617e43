import { httpMessages } from '@gym/contracts';

export class AppError extends Error {
  /** More keys of the error body, beside message and fields (an order's refused lines). */
  extra?: Record<string, unknown>;

  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends AppError {
  constructor(message: string = httpMessages.invalidData, fields?: Record<string, string>) {
    super(400, message, fields);
  }
}

export class Unauthorized extends AppError {
  constructor(message: string = httpMessages.unauthorized) {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message: string = httpMessages.notFound) {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, message, fields);
  }
}

export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export class ServiceUnavailable extends AppError {
  constructor(message: string = httpMessages.databaseDown) {
    super(503, message);
  }
}
