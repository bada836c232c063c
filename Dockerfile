# Multi-stage build: compile the single executable with Bun, run it as a non-root user on a slim base.
# docker build -t tracewell . && docker run -p 3000:3000 -v tracewell-data:/data -e PUBLIC_URL=https://www.example.com tracewell

FROM oven/bun:1.4.4-debian AS build
WORKDIR /src
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile
COPY . .
RUN NODE_ENV=production bun run build

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin tracewell \
 && mkdir -p /data && chown tracewell /data
COPY --from=build /src/dist/tracewell /usr/local/bin/tracewell
USER tracewell
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/tracewell", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/tracewell"]
CMD ["serve"]
