# syntax=docker/dockerfile:1
# kyc-screen in three stages: compile with the dev dependencies, install the production ones alone, and a
# slim runtime image with the compiled CLI, those dependencies, samples/ (for `demo`) and the workspace
# packages (packages/*: their package.json, compiled dist/, and the emulator's planted records in
# packages/lookup-emulator/data/, read at run time). Every service of docker-compose.yml runs this image.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# npm links the workspaces from their package.json files.
COPY package.json package-lock.json ./
COPY packages/lookup-contract/package.json ./packages/lookup-contract/
COPY packages/lookup-emulator/package.json ./packages/lookup-emulator/
# `prepare` would build before the sources are here: install without scripts, build below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY packages ./packages
COPY src ./src
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/lookup-contract/package.json ./packages/lookup-contract/
COPY packages/lookup-emulator/package.json ./packages/lookup-emulator/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    KYC_STATE_DIR=/data/state
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY samples ./samples
COPY --from=build /app/packages/lookup-contract/package.json ./packages/lookup-contract/
COPY --from=build /app/packages/lookup-contract/dist ./packages/lookup-contract/dist
COPY --from=build /app/packages/lookup-emulator/package.json ./packages/lookup-emulator/
COPY --from=build /app/packages/lookup-emulator/dist ./packages/lookup-emulator/dist
COPY --from=build /app/packages/lookup-emulator/data ./packages/lookup-emulator/data
# The review desk database's migrations, applied at start-up and by `kyc-screen db migrate`.
COPY migrations ./migrations
# Inputs, outputs, whitelists and audit packages live on the /data volume, written as the unprivileged user.
RUN mkdir -p /data/in /data/out /data/state && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 8080 9464
ENTRYPOINT ["node", "bin/kyc-screen.js"]
CMD ["--help"]
