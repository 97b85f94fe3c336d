# Multi-stage: wheels are built in a full image, the runtime image gets only the installed
# packages and runs as an unprivileged user.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY nardy ./nardy
COPY renderer ./renderer
COPY bot ./bot
RUN pip install --no-cache-dir --prefix=/install .

FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
COPY --from=build /install /usr/local
RUN useradd --system --uid 10001 --no-create-home nardy
USER nardy
WORKDIR /app
ENTRYPOINT ["nardy-bot"]
