"""What the tests and the tools (tools/) share to run the bot against harsh fakes: the fake
Bot API (`testkit.fakes`: schema-checked, flood limits, HTML error pages, lost connections), a
private redis-server (`testkit.redis_server`) and chats that feed real updates to a real
dispatcher (`testkit.harness`); short nardy's brute-force legal-turn generator
(`testkit.short_reference`), the differential test's reference and the benchmark's baseline;
and random short-nardy games (`testkit.short_selfplay`), whose positions the tests and
benchmarks sample."""
