"""For serving stacks: bounded session pools, the chat-request path and the async twins."""
