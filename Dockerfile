# One image for every role of the service (ROLE=web|smtp|worker|all). Built from this
# repository: `docker compose build`, or `docker build -t tempmail .`.
# The full image has python3, make and g++, should better-sqlite3 have to compile.
FROM node:20-bookworm AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080 2525
# --max-semi-space-size: as `npm start` runs it (ADR 0009).
CMD ["node", "--max-semi-space-size=4", "api/dist/main.js"]
