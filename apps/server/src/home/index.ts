export { createHomeService, type HomeService } from "./home.service";
