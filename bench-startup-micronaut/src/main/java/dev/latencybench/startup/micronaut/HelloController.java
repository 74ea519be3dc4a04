package dev.latencybench.startup.micronaut;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

import dev.latencybench.startup.service.Greeting;

/** {@code GET /hello}: the same JSON and the same work as the minimal service ({@link Greeting}). */
@Controller("/hello")
public class HelloController {
    @Get(produces = MediaType.APPLICATION_JSON)
    public byte[] hello(HttpRequest<?> request) {
        return Greeting.json(request.getUri().getRawQuery());
    }
}
