import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# real PostgreSQL and Redis servers for the store and cluster tests
from cluster_fixtures import (  # noqa: F401
    own_postgres,
    own_redis,
    pg_url,
    postgres,
    redis_server,
    redis_url,
)
