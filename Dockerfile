# One image for every role of the service (ROLE=web|smtp|worker|all). Built from this
# repository: `docker compose build`, or `docker build -t tempmail .`.
FROM node:20-bookworm-slim AS build
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
CMD ["node", "api/dist/main.js"]
