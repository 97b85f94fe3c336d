# Multi-stage: the locked dependencies and the project are installed in a build stage, the
# runtime image gets only the installed packages and runs as an unprivileged user.
FROM python:3.11.16-slim-bookworm AS build
WORKDIR /src
# The lock first, in a layer of its own: a code change does not download every wheel again.
COPY requirements.lock ./
RUN pip install --no-cache-dir --prefix=/install --require-hashes -r requirements.lock
# A C compiler for the C extensions (nardy/_movegen.c, nardy/short/_movegen.c,
# nardy/ai/_inputs.c, nardy/short/ai/_inputs.c, and the nardy/_glue.h they include; setup.py
# also runs nardy/compiled.py: all under nardy/, copied below), in this stage only.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
  && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml setup.py README.md ./
COPY nardy ./nardy
COPY renderer ./renderer
COPY bot ./bot
RUN pip install --no-cache-dir --prefix=/install --no-deps .

FROM python:3.11.16-slim-bookworm
ENV PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 HEALTH_FILE=/tmp/nardy-bot.alive
COPY --from=build /install /usr/local
RUN useradd --system --uid 10001 --no-create-home nardy
USER nardy
WORKDIR /app
# The bot touches HEALTH_FILE every 15 s from its event loop; older than 60 s: unhealthy.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["python", "-m", "bot.runtime.health"]
ENTRYPOINT ["nardy-bot"]
