# syntax=docker/dockerfile:1
# One build, two runtime images: `api` (Node, non-root) and `web` (nginx with the bundle).
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20.20-bookworm-slim AS api
ENV NODE_ENV=production PORT=8080
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --workspace @gym/backend --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "backend/dist/server.js"]

FROM nginx:1.27-alpine AS web
COPY nginx/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 8080
